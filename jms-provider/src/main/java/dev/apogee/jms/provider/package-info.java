/**
 * The one boundary between the JMS API layer and a transport: {@link dev.apogee.jms.provider.Provider} (connect,
 * ensure/delete topic, send in three modes, create/pull/acknowledge/close consumers, browse, delete groups,
 * failure reports), implemented by
 * {@link dev.apogee.jms.provider.NativeProvider} over the native client ({@code dev.apogee.client}). Native failures
 * are translated into JMSExceptions once, in {@link dev.apogee.jms.provider.NativeProvider#translate}. Selector
 * mapping (TAG when a selector only tests {@code TAGS}, else SQL92; invalid → InvalidSelectorException) also lives
 * here.
 */
package dev.apogee.jms.provider;
