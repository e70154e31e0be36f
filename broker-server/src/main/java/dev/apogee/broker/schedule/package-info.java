/**
 * Delay levels: the level table, the {@link dev.apogee.broker.schedule.ScheduleMessageService} that moves due
 * messages from {@code SCHEDULE_TOPIC_XXXX} (queue = level − 1) to their real topic on its own thread
 * ({@code apogee-schedule}), and the persisted per-level progress ({@code config/delayOffset.json}).
 */
package dev.apogee.broker.schedule;
