package dev.apogee.jms.provider;

/** Handle of a consumer created by a {@link Provider}. */
public record ConsumerId(long value, String group) {
}
