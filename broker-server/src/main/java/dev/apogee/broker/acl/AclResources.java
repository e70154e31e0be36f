package dev.apogee.broker.acl;

import dev.apogee.remoting.protocol.RemotingCommand;
import dev.apogee.remoting.protocol.RequestCode;
import dev.apogee.remoting.protocol.body.ConsumerData;
import dev.apogee.remoting.protocol.body.HeartbeatData;
import dev.apogee.remoting.protocol.body.SubscriptionData;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Which topics and groups a request touches, per request code, following the official
 * {@code PlainAccessResource.parse}: sends need PUB on the topic (SUB on the group for a retry topic); pulls, offset
 * reads and commits need SUB on topic and group; a heartbeat needs SUB on every consumer group and subscribed topic
 * in its body; send-back, unregister and consumer-list need SUB on the group. Codes not listed need no resource,
 * only valid credentials; {@link #ADMIN_CODES} need the account's admin right.
 */
final class AclResources {
    /**
     * Topic / group / broker-config changes, as the official {@code Permission.ADMIN_CODE} plus the ACL commands, and
     * the store maintenance that deletes files (mqadmin cleanExpiredCQ, deleteExpiredCommitLog).
     */
    static final Set<Integer> ADMIN_CODES = Set.of(RequestCode.UPDATE_AND_CREATE_TOPIC,
            RequestCode.UPDATE_AND_CREATE_TOPIC_LIST, RequestCode.UPDATE_BROKER_CONFIG,
            RequestCode.DELETE_TOPIC_IN_BROKER, RequestCode.UPDATE_AND_CREATE_SUBSCRIPTIONGROUP,
            RequestCode.DELETE_SUBSCRIPTIONGROUP, RequestCode.INVOKE_BROKER_TO_RESET_OFFSET,
            RequestCode.CLEAN_EXPIRED_CONSUMEQUEUE, RequestCode.DELETE_EXPIRED_COMMITLOG,
            50 /* UPDATE_AND_CREATE_ACL_CONFIG */, 51 /* DELETE_ACL_CONFIG */, 52 /* GET_BROKER_CLUSTER_ACL_INFO */,
            53 /* UPDATE_GLOBAL_WHITE_ADDRS_CONFIG */);

    private AclResources() {
    }

    /** The resources of {@code request}; throws IllegalArgumentException when a heartbeat body cannot be read. */
    static List<AclResource> of(RemotingCommand request) {
        List<AclResource> resources = new ArrayList<>(2);
        switch (request.code()) {
            case RequestCode.SEND_MESSAGE -> addTopic(resources, request.extField("topic"), AclPermission.PUB);
            case RequestCode.SEND_MESSAGE_V2, RequestCode.SEND_BATCH_MESSAGE ->
                    addTopic(resources, request.extField("b"), AclPermission.PUB);
            case RequestCode.CONSUMER_SEND_MSG_BACK -> addGroup(resources, request.extField("group"));
            case RequestCode.PULL_MESSAGE, RequestCode.LITE_PULL_MESSAGE, RequestCode.UPDATE_CONSUMER_OFFSET,
                    RequestCode.QUERY_CONSUMER_OFFSET -> {
                addTopic(resources, request.extField("topic"), AclPermission.SUB);
                addGroup(resources, request.extField("consumerGroup"));
            }
            case RequestCode.QUERY_MESSAGE -> addTopic(resources, request.extField("topic"), AclPermission.SUB);
            case RequestCode.UNREGISTER_CLIENT, RequestCode.GET_CONSUMER_LIST_BY_GROUP ->
                    addGroup(resources, request.extField("consumerGroup"));
            case RequestCode.HEART_BEAT -> addHeartbeat(resources, request.body());
            default -> {
                // credentials only
            }
        }
        return resources;
    }

    private static void addHeartbeat(List<AclResource> resources, byte[] body) {
        if (body == null || body.length == 0) {
            return;
        }
        HeartbeatData heartbeat;
        try {
            heartbeat = HeartbeatData.decode(body);
        } catch (RuntimeException e) {
            throw new IllegalArgumentException("the heartbeat body cannot be read", e);
        }
        if (heartbeat.getConsumerDataSet() == null) {
            return;
        }
        for (ConsumerData consumer : heartbeat.getConsumerDataSet()) {
            addGroup(resources, consumer.getGroupName());
            if (consumer.getSubscriptionDataSet() != null) {
                for (SubscriptionData subscription : consumer.getSubscriptionDataSet()) {
                    addTopic(resources, subscription.getTopic(), AclPermission.SUB);
                }
            }
        }
    }

    private static void addTopic(List<AclResource> resources, String topic, byte needed) {
        if (topic != null) {
            resources.add(AclResource.topic(topic, needed));
        }
    }

    private static void addGroup(List<AclResource> resources, String group) {
        if (group != null) {
            resources.add(AclResource.group(group));
        }
    }
}
