package dev.apogee.store;

/** Outcome of {@link MessageStore#getMessages}; semantics as in the pull table of protocol doc section 2.5. */
public enum GetStatus {
    FOUND,
    NO_MATCHED_MESSAGE,
    OFFSET_OVERFLOW_ONE,
    OFFSET_OVERFLOW_BADLY,
    OFFSET_TOO_SMALL,
    NO_MESSAGE_IN_QUEUE,
    NO_MATCHED_LOGIC_QUEUE,
    MESSAGE_WAS_REMOVING
}
