/**
 * Reading a stored record back into a message that can be stored again: the retry copy (CONSUMER_SEND_MSG_BACK)
 * and the delivery of a due delayed message both start from the original record. Stateless; any thread.
 */
package dev.apogee.broker.stored;
