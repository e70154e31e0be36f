/**
 * Broker settings ({@link dev.apogee.broker.config.BrokerConfig}) and the typed binding that fills them from
 * {@code broker.conf}, the command line and UPDATE_BROKER_CONFIG ({@link dev.apogee.broker.config.ConfigLoader}):
 * every value is checked against the rule of its setting ({@link dev.apogee.remoting.config.SettingRule}) and an
 * unknown key or a refused value is an error naming the key, the value and what is allowed.
 *
 * <p>Threads: filled by the starting thread before the broker starts, then read by every broker thread; only
 * UPDATE_BROKER_CONFIG (an admin executor thread) changes a setting afterwards.
 */
package dev.apogee.broker.config;
