/**
 * Producer and consumer groups with their live connections, expiry of silent clients and consumer-ids-changed
 * notices. See each class for the threads that touch it.
 */
package dev.apogee.broker.client;
