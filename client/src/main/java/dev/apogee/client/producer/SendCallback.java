package dev.apogee.client.producer;

/** Completion of an asynchronous send; runs on a remoting callback thread and must not block. */
public interface SendCallback {
    void onSuccess(SendResult result);

    void onException(Throwable error);
}
