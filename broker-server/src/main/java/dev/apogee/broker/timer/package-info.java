/**
 * Timer messages with an arbitrary delivery time (RocketMQ 5's {@code TIMER_DELIVER_MS} / {@code TIMER_DELAY_SEC} /
 * {@code TIMER_DELAY_MS}): {@link dev.apogee.broker.timer.TimerRouting} parks them in the timer topic on the send
 * path; {@link dev.apogee.broker.timer.TimerService} delivers them from a timing wheel on its own thread. The timer
 * topic is the durable log; the wheel is rebuilt from its consume-queue entries at start.
 */
package dev.apogee.broker.timer;
