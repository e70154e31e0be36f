/**
 * Consumer retries: CONSUMER_SEND_MSG_BACK copies a message a consumer failed to process into the group's
 * {@code %RETRY%} topic through the delay levels, or into its {@code %DLQ%} topic once it has failed too often.
 * Runs on the send executor; answers from the store's completion thread.
 */
package dev.apogee.broker.retry;
