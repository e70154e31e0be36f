package dev.apogee.client.pop;

import java.util.List;

/**
 * One pop's answer.
 *
 * @param restNum messages the broker still had to pop for the group after this one (a hint, may lag)
 */
public record PopResult(PopStatus status, List<PoppedMessage> messages, long restNum) {
    static final PopResult EMPTY = new PopResult(PopStatus.NO_NEW_MSG, List.of(), 0);
}
