package dev.apogee.client.pop;

/** Outcome of one pop request. */
public enum PopStatus {
    /** Messages were popped. */
    FOUND,
    /** Nothing poppable within the poll time (or the broker's long-polling slots were full). */
    NO_NEW_MSG
}
