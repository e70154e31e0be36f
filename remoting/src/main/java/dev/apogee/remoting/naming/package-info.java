/**
 * The reversible mapping between names of any characters (JMS destination, subscription and client id names) and
 * RocketMQ topic and consumer-group names, which allow only {@code ^[%|a-zA-Z0-9_-]+$}. In {@code remoting} so the
 * JMS provider (through {@code client}), the broker and admin tools share one definition. Stateless: pure functions
 * and constants, safe from any thread.
 */
package dev.apogee.remoting.naming;
