package dev.apogee.client.consumer;

/** Outcome of one pull (section 2.5). */
public enum PullStatus {
    /** Messages returned (possibly none left after client-side tag filtering). */
    FOUND,
    /** Nothing new at this offset (after long polling). */
    NO_NEW_MSG,
    /** Entries exist but none matched the filter. */
    NO_MATCHED_MSG,
    /** The requested offset is invalid; continue from {@code nextBeginOffset}. */
    OFFSET_ILLEGAL
}
