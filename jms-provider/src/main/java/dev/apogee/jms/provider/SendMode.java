package dev.apogee.jms.provider;

/** How a send waits: PERSISTENT sends are SYNC; NON_PERSISTENT ones ONEWAY; sends with a CompletionListener ASYNC. */
public enum SendMode {
    /** Wait for the broker's store result. */
    SYNC,
    /** Complete when the broker answers, without blocking the caller. */
    ASYNC,
    /** Fire and forget. */
    ONEWAY
}
