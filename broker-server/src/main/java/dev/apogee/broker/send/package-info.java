/**
 * The send path: SEND_MESSAGE, SEND_MESSAGE_V2 and SEND_BATCH_MESSAGE. Processors run on the send executor, release
 * their thread as soon as the message is handed to the store, and answer from the store's completion thread.
 */
package dev.apogee.broker.send;
