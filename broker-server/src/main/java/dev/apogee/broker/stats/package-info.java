/**
 * Traffic statistics over sliding windows, as the official broker keeps them for mqadmin: messages put per topic
 * ({@code TOPIC_PUT_NUMS}), messages handed to a group per topic ({@code GROUP_GET_NUMS}), and the broker's put and
 * get totals, with their rates over the last 10 s / 1 min / 10 min / hour / day.
 * <ul>
 *   <li>Counters ({@link dev.apogee.broker.stats.StatItem}) are incremented by the store's dispatch thread (puts) and
 *       the pull and pop threads (gets), lock-free.</li>
 *   <li>{@link dev.apogee.broker.stats.BrokerStatsService} (thread {@code apogee-broker-stats}) samples them into
 *       rings ({@link dev.apogee.broker.stats.CounterHistory}) every second (broker totals) and every 10 s / 10 min /
 *       hour (per topic and group), and records the totals at midnight.</li>
 *   <li>Admin threads read windows: the growth from the oldest sample inside the window up to the live counter, so a
 *       rate moves as soon as traffic does instead of after a whole sampling period.</li>
 * </ul>
 */
package dev.apogee.broker.stats;
