/**
 * Broker-side long polling: pulls on an empty queue are held until the store dispatches a message for that queue
 * or the pull's suspend timeout passes. Threads are documented on {@link dev.apogee.broker.longpolling.LongPollingHold}.
 */
package dev.apogee.broker.longpolling;
