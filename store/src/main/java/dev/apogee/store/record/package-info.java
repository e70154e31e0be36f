/**
 * The stored-message record format (protocol doc section 4.1) and the properties string (4.3).
 *
 * <p>Stateless codecs and flyweights: {@link dev.apogee.store.record.MessageRecordFlyweight} reads a record in place,
 * {@link dev.apogee.store.record.MessageRecordEncoder} writes one straight into a mapped commit-log buffer (under the
 * commit log's put lock, on the appending thread), {@link dev.apogee.store.record.RecordValidator} checks magic,
 * size bounds and CRCs for recovery, the dispatcher and store-check (which also reads why a record is corrupt). Nothing here owns a thread; every instance is confined to its caller or
 * immutable.
 */
package dev.apogee.store.record;
