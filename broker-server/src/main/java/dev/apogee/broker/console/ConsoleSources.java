package dev.apogee.broker.console;

import dev.apogee.broker.acl.AclConsoleAccess;
import dev.apogee.broker.client.ConsumerRegistry;
import dev.apogee.broker.client.ProducerRegistry;
import dev.apogee.broker.config.BrokerConfig;
import dev.apogee.broker.offset.ConsumerOffsetTable;
import dev.apogee.broker.pop.Pops;
import dev.apogee.broker.subscription.SubscriptionGroupTable;
import dev.apogee.broker.topic.TopicConfigTable;
import dev.apogee.remoting.netty.NettyRemotingClient;
import dev.apogee.store.MessageStore;

import java.net.InetSocketAddress;
import java.util.function.LongSupplier;

/**
 * The broker parts the console reads (and, for a DLQ re-send, appends to), handed over by the broker once they are
 * started.
 *
 * @param acl           the ACL's console check, or {@code null} when {@code aclEnable} is off
 * @param namesrvClient the broker's client to its name servers (the cluster view asks them for the other brokers)
 * @param storeHost     the address written into stored messages (offset message ids)
 */
public record ConsoleSources(BrokerConfig config, MessageStore store, TopicConfigTable topics,
                             SubscriptionGroupTable groups, ConsumerOffsetTable offsets, ConsumerRegistry consumers,
                             ProducerRegistry producers, Pops pops, AclConsoleAccess acl,
                             NettyRemotingClient namesrvClient, InetSocketAddress storeHost, LongSupplier clock) {
}
