package dev.apogee.store;

/** Which side of a timestamp {@link MessageStore#getOffsetInQueueByTime} looks for. */
public enum BoundaryType {
    /** The first entry stored at or after the timestamp. */
    LOWER,
    /** The last entry stored at or before the timestamp. */
    UPPER
}
