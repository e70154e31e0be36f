/**
 * Apache RocketMQ's remoting protocol and the Netty transport shared by namesrv, broker and client.
 *
 * <ul>
 *   <li>{@code protocol}: the command model ({@link dev.apogee.remoting.protocol.RemotingCommand}), codes and typed
 *       header access over {@code extFields}.</li>
 *   <li>{@code codec}: the frame layout and both header serializations (JSON and the binary "ROCKETMQ" form).</li>
 *   <li>{@code netty}: server and client endpoints, request dispatch to per-code executors, response correlation.</li>
 *   <li>{@code json}: a small lenient JSON reader/writer that accepts what fastjson emits.</li>
 *   <li>{@code protocol.body}: the JSON bodies (routes, heartbeats, topic configs, admin tables).</li>
 *   <li>{@code metrics}: the servers' Prometheus {@code /metrics} endpoint and RPC latency (its Prometheus jars
 *       are optional dependencies: clients never load it).</li>
 * </ul>
 * This module depends on none of Apogee's other modules.
 */
package dev.apogee.remoting;
