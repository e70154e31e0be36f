package dev.apogee.client.consumer;

import dev.apogee.client.message.MessageExt;

import java.util.List;

/** One pull's answer; {@code messages} is empty unless FOUND. */
public record PullResult(PullStatus status, long nextBeginOffset, long minOffset, long maxOffset,
        List<MessageExt> messages) {
}
