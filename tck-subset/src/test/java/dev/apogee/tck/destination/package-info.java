/**
 * Conformance tests, Jakarta Messaging 3.1 §5.2 Destination: destination names as an application writes them (dots,
 * slashes, colons, spaces, non-ASCII letters, '%', '|') work for queues, topics, subscriptions and client
 * identifiers, and come back unchanged in getQueueName/getTopicName, JMSDestination and JMSReplyTo. JUnit test
 * threads only; each test cites its section with {@link dev.apogee.tck.Spec}.
 */
package dev.apogee.tck.destination;
