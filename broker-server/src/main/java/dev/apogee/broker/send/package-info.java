/**
 * The send path: SEND_MESSAGE, SEND_MESSAGE_V2 and SEND_BATCH_MESSAGE. Processors run on the send executor, release
 * their thread as soon as the message is handed to the store, and answer from the store's completion thread. A
 * oneway send to a topic the broker knows runs on its connection's event loop instead, while its lane is idle
 * (nothing queued there to overtake): nobody is answered, so its put never waits for the disk (a later answered
 * put's force covers it), and the hand-off to a send thread would be one thread wake-up more on every message's way
 * to its consumers.
 *
 * <p>Ordering guarantee: one connection's sends (any of the three codes, and consumer send-backs) to one topic and
 * queue id are appended to the store in the order they arrived on the connection, also when the client has many in
 * flight (async sends, oneway sends): they are registered ordered with {@link dev.apogee.broker.send.SendLaneKey},
 * so each runs on its connection's lane for that queue, one after the other, while other queues and connections use
 * the other send threads. A processor's thread is only held for validation and the append; the answer comes after
 * the group commit from the store's completion thread ({@code MessageAppender.respondWhenStored}), so a SYNC_FLUSH
 * fsync never holds a lane. Every send response carries
 * {@link dev.apogee.remoting.protocol.SendResponseFields#ORDERED_SENDS} to tell clients so. Sends with queue id -1
 * (the broker picks a random queue) are ordered by lane too but land on different queues, so are not ordered for
 * consumers.
 */
package dev.apogee.broker.send;
