package dev.apogee.client.producer;

/** Outcome of a send the broker accepted; anything but SEND_OK means stored but not yet as durable as asked. */
public enum SendStatus {
    SEND_OK,
    FLUSH_DISK_TIMEOUT,
    FLUSH_SLAVE_TIMEOUT,
    SLAVE_NOT_AVAILABLE
}
