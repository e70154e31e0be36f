/** Message identifiers and reserved property names shared by the broker's processors. Stateless or thread-safe. */
package dev.apogee.broker.message;
