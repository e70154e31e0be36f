/**
 * Tests of JMS queues and shared subscriptions consuming by POP against our broker in the JVM: what one connection's
 * consumers cost the broker, transacted atomicity across a broker restart, dead-lettering after the group's
 * redelivery limit, priority within a pop, invisible-time renewal of held messages (and their return after the
 * holder is killed).
 */
package dev.apogee.jms.pop;
