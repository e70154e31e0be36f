package dev.apogee.broker.stats;

/**
 * How much a counter grew over a window.
 *
 * @param count  growth of the counted amount (messages)
 * @param events growth of the number of increments (puts, pulls)
 * @param millis length of the window
 */
record Growth(long count, long events, long millis) {
    static final Growth NONE = new Growth(0, 0, 0);

    /** Amount per second over the window; 0 for an empty window. */
    double perSecond() {
        return millis <= 0 ? 0 : count * 1000.0 / millis;
    }

    /** Average amount per increment (messages per put), 0 when nothing happened. */
    double perEvent() {
        return events <= 0 ? 0 : (double) count / events;
    }
}
