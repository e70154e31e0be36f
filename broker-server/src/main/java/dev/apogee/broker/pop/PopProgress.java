package dev.apogee.broker.pop;

/**
 * A POP group's progress on one queue, as GET_CONSUME_STATS reports it.
 *
 * @param lowWaterMark the first offset not done for the group: every message below it is acked, dead-lettered or
 *                     skipped by a filter (its consume offset)
 * @param inFlight     messages popped and not acked whose invisible time still runs
 */
public record PopProgress(long lowWaterMark, int inFlight) {
}
