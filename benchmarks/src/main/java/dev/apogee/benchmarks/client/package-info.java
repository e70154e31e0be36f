/**
 * Producer load tool: our {@code dev.apogee.client.producer.Producer} against the official
 * {@code DefaultMQProducer} 5.3.3, both sending to the same broker in the same run, so that only the client differs
 * and the ratio ours / official is meaningful on a noisy machine. The brokers under test run as child JVMs (Apache
 * RocketMQ via the anchor, ours via {@code Standalone}) so they do not share this JVM's heap, GC or CPU accounting.
 * Everything runs on the main thread plus the load threads a row starts and joins; every server and producer it
 * starts is stopped before {@link dev.apogee.benchmarks.client.ProducerBench#main} returns.
 */
package dev.apogee.benchmarks.client;
