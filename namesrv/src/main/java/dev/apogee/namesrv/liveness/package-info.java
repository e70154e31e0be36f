/**
 * Broker liveness: {@link dev.apogee.namesrv.liveness.BrokerHousekeepingService} drops brokers whose connection
 * closed (remoting's channel-event thread) and, on its own scheduler thread, brokers that stopped registering.
 */
package dev.apogee.namesrv.liveness;
