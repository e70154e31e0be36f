/**
 * The provider's error catalogue and its single exception translation point.
 *
 * <p>{@link dev.apogee.jms.exception.ErrorCode} lists every stable error code the provider puts into
 * {@link jakarta.jms.JMSException#getErrorCode()} ({@code APOGEE-JMS-nnnn}); {@link dev.apogee.jms.exception.JmsExceptions}
 * builds the right {@code JMSException} subclass for a code, and translates failures coming from below the provider
 * interface (native client, remoting) once, at that boundary. The translator is written against {@link Throwable}
 * plus the small {@link dev.apogee.jms.exception.ResponseCodeCarrier} interface so that the provider layer can plug
 * in the native client's exception type without this package depending on it.
 *
 * <p>Thread-safety: stateless, used from any thread.
 */
package dev.apogee.jms.exception;
