/**
 * JMS messages and their RocketMQ wire mapping: everything about messages that needs no broker connection.
 *
 * <p>Message classes: {@link dev.apogee.jms.message.ApogeeMessage} (headers, typed properties, read-only rules,
 * acknowledge callback; also the body-less message) and one thin subclass per body type —
 * {@link dev.apogee.jms.message.ApogeeTextMessage}, {@link dev.apogee.jms.message.ApogeeBytesMessage},
 * {@link dev.apogee.jms.message.ApogeeMapMessage}, {@link dev.apogee.jms.message.ApogeeStreamMessage},
 * {@link dev.apogee.jms.message.ApogeeObjectMessage}. Conversions follow Jakarta Messaging 3.1 §3.5.4 and §3.11.3
 * ({@code TypeConversion}); property names §3.5.1 ({@link dev.apogee.jms.message.PropertyNames}).
 *
 * <p>Wire mapping ({@link dev.apogee.jms.message.MessageCodec} ⇄ {@link dev.apogee.jms.message.WireMessage}; the table
 * with examples is {@code jms-provider/MAPPING.md} — keep both in step, the mapping is a compatibility contract):
 * <ul>
 *   <li>Body: text = UTF-8, bytes = raw (both readable by native consumers); map and stream = Kryo-encoded typed
 *       values; object = Kryo with an allow-list of trusted packages. {@code __JMS_BODY} = text|bytes|map|stream|
 *       object|none; absent means bytes (a native message), so a native producer can ask for a TextMessage by setting
 *       {@code __JMS_BODY=text}. An empty or null body is sent as one placeholder byte with {@code __JMS_EMPTY} =
 *       {@code empty}|{@code null}, because RocketMQ clients refuse empty bodies.</li>
 *   <li>Headers: properties named as in the selector grammar — {@code JMSMessageID} (and RocketMQ {@code UNIQ_KEY}
 *       = the id without {@code ID:}; on receive {@code UNIQ_KEY} wins), {@code JMSTimestamp} (default: born
 *       timestamp), {@code JMSCorrelationID} ({@code __JMS_CIDB} = Base64 when set as bytes; native
 *       {@code CORRELATION_ID} as a fallback), {@code JMSReplyTo} and {@code JMSDestination} as {@code queue://x} /
 *       {@code topic://x} / {@code temp-queue://x} / {@code temp-topic://x} with {@code x} the destination's
 *       (encoded) RocketMQ topic, read back as the JMS name, {@code JMSDeliveryMode} =
 *       {@code PERSISTENT}|{@code NON_PERSISTENT}, {@code JMSPriority}, {@code JMSType}, {@code JMSExpiration},
 *       {@code JMSDeliveryTime} (the last two only when non-zero). JMSRedelivered and JMSXDeliveryCount come from
 *       {@link dev.apogee.jms.message.WireMessage#reconsumeTimes()} (RocketMQ reconsume times, +1 when the broker
 *       flags a message its group was handed before): count = reconsumeTimes + 1, redelivered = reconsumeTimes &gt; 0
 *       (or a local redelivery, {@link dev.apogee.jms.message.ApogeeMessage#markRedelivered()}).</li>
 *   <li>User properties: under their own names with their {@code toString()} value, so native consumers and broker
 *       SQL92 filters see readable values; {@code __JMS_T} (the type map, {@code WireProperties}) restores exact types:
 *       {@code name:CODE[FLAG];…}, CODE ∈ Z B S I J F D T N, FLAG {@code E} = escaped ({@code %}, {@code \u0001},
 *       {@code \u0002} as {@code %25 %01 %02}), {@code 0} = empty string (absent on the wire). Plain Strings need
 *       no entry. {@code JMS_Apogee_Tag} ⇄ RocketMQ {@code TAGS}, {@code JMS_Apogee_Keys} ⇄ {@code KEYS}. Names
 *       reserved by RocketMQ (protocol §4.4) or starting with {@code __JMS_} cannot be sent.</li>
 *   <li>Native messages (no marker): a BytesMessage whose non-system properties are String properties.</li>
 * </ul>
 *
 * <p>Thread-safety: messages are not thread-safe (one session thread at a time, as the spec allows); the codecs
 * ({@link dev.apogee.jms.message.MessageCodec}, {@link dev.apogee.jms.message.ObjectBodyCodec}) are.
 */
package dev.apogee.jms.message;
