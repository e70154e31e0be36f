package dev.apogee.broker.retry;

/**
 * Where a sent-back message goes (section 2.5): the DLQ when it already failed {@code maxReconsumeTimes} times or
 * the consumer asked for it (negative level), else the retry topic after {@code delayLevel}, or
 * {@code 3 + reconsumeTimes} when the consumer left the choice to the broker (0). A pure function.
 *
 * @param deadLetter true for the DLQ
 * @param delayLevel the delay level for a retry (unclamped; the delay table clamps), 0 for a dead letter
 */
record RetryDecision(boolean deadLetter, int delayLevel) {

    static RetryDecision of(int requestedLevel, int reconsumeTimes, int maxReconsumeTimes) {
        if (requestedLevel < 0 || reconsumeTimes >= maxReconsumeTimes) {
            return new RetryDecision(true, 0);
        }
        return new RetryDecision(false, requestedLevel == 0 ? 3 + reconsumeTimes : requestedLevel);
    }
}
