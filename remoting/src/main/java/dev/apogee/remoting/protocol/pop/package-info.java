/**
 * The POP consumption protocol (RocketMQ 5): the headers of POP_MESSAGE, ACK_MESSAGE and
 * CHANGE_MESSAGE_INVISIBLETIME, the receipt handle a popped message carries ({@link ReceiptHandle}, the official
 * {@code extraInfo}), the offset/count strings of a pop response ({@link PopInfoCodec}) and the names of the per-group
 * pop retry topics ({@link PopTopics}). Pure values and functions shared by the client and the broker: no state, no
 * threads. Every format is pinned to the official {@code rocketmq-remoting} 5.3.3 jar by the module's tests.
 */
package dev.apogee.remoting.protocol.pop;
