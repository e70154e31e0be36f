/**
 * JSON bodies of the name server commands, byte-compatible with what the official fastjson-based name server writes
 * and lenient in what it reads (protocol reference, section 3): TopicRouteData (fastjson-default or standard JSON),
 * ClusterInfo, TopicList, KVTable, DataVersion, and the RegisterBrokerBody a broker sends (plain or compressed).
 *
 * <p>Stateless static codecs; any thread. Malformed input raises
 * {@link dev.apogee.remoting.protocol.RemotingCommandException}, which the transport answers as an error.
 */
package dev.apogee.namesrv.wire;
