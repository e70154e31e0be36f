/** Committed consumer offsets and their periodic persistence. See each class for its threads. */
package dev.apogee.broker.offset;
