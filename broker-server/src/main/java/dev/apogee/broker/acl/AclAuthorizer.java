package dev.apogee.broker.acl;

import dev.apogee.remoting.acl.AclSignature;
import dev.apogee.remoting.netty.RequestInterceptor;
import dev.apogee.remoting.protocol.RemotingCommand;
import dev.apogee.remoting.protocol.ResponseCode;
import io.netty.channel.Channel;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;

/**
 * Authorizes every request before its processor, in the official order: a global white address passes; otherwise
 * the request must name a known access key (or, unsigned, gets the {@code anonymousAccount}'s rights when the file
 * names one), come from an allowed address, carry a valid signature (unless the
 * account trusts the address), have the admin right for admin codes, and own the needed permission on every topic
 * and group it touches ({@link AclResources}). An admin account without explicit topic/group entries may touch
 * everything.
 *
 * <p>Refusals answer NO_PERMISSION with a remark {@code [ACL] <why> (request code <n>)}; they are counted and logged
 * as {@code ACL-REFUSED} at most once per {@value #LOG_INTERVAL_MILLIS} ms (a misconfigured client retries in a
 * loop). Neither says anything about a secret key or the expected signature. Thread-safe: the rules are one volatile
 * immutable {@link AclConfig}.
 */
public final class AclAuthorizer implements RequestInterceptor {
    private static final Logger LOG = LoggerFactory.getLogger(AclAuthorizer.class);
    static final long LOG_INTERVAL_MILLIS = 10_000;

    private final LongSupplier clock;
    private final AtomicLong refusals = new AtomicLong();
    private final AtomicLong lastLogMillis = new AtomicLong(Long.MIN_VALUE / 2);
    private final AtomicLong unlogged = new AtomicLong();
    private volatile AclConfig rules;

    AclAuthorizer(AclConfig rules, LongSupplier clock) {
        this.rules = rules;
        this.clock = clock;
    }

    void update(AclConfig newRules) {
        this.rules = newRules;
    }

    AclConfig currentRules() {
        return rules;
    }

    /** Requests refused since start (for metrics). */
    public long refusals() {
        return refusals.get();
    }

    @Override
    public RemotingCommand check(Channel channel, RemotingCommand request) {
        String ip = hostOf(channel.remoteAddress());
        String reason = refusal(request, ip);
        if (reason == null) {
            return null;
        }
        String remark = "[ACL] " + reason + " (request code " + request.code() + ")";
        refused(remark, ip);
        return RemotingCommand.createResponse(request, ResponseCode.NO_PERMISSION, remark);
    }

    /** Why {@code request} from {@code ip} is refused, or {@code null} when it may proceed. */
    String refusal(RemotingCommand request, String ip) {
        AclConfig current = rules;
        if (AclAccount.anyMatches(current.globalWhiteAddresses(), ip)) {
            return null;
        }
        String accessKey = request.extField(AclSignature.ACCESS_KEY);
        boolean anonymous = accessKey == null;
        if (anonymous) {
            accessKey = current.anonymousAccount();
            if (accessKey == null) {
                return "no AccessKey in the request from " + ip + ": the broker requires signed requests";
            }
        }
        AclAccount account = current.accounts().get(accessKey);
        if (account == null) {
            return "unknown accessKey=" + accessKey;
        }
        if (!account.allowsFrom(ip)) {
            return "accessKey=" + accessKey + " is not allowed from address " + ip;
        }
        // an anonymous request has no signature: it gets the rights the operator gave the anonymous account
        if (!anonymous && !account.trusts(ip) && !AclSignature.matches(
                AclSignature.compute(request, account.secretKey()), request.extField(AclSignature.SIGNATURE))) {
            return "signature check failed for accessKey=" + accessKey
                    + " (wrong secret key, or the request was altered)";
        }
        if (AclResources.ADMIN_CODES.contains(request.code()) && !account.admin()) {
            return "accessKey=" + accessKey + " needs the admin right for this request";
        }
        return permissionRefusal(account, request);
    }

    private static String permissionRefusal(AclAccount account, RemotingCommand request) {
        List<AclResource> resources;
        try {
            resources = AclResources.of(request);
        } catch (IllegalArgumentException e) {
            return e.getMessage();
        }
        if (account.admin() && account.topicPerms().isEmpty() && account.groupPerms().isEmpty()) {
            return null;
        }
        for (AclResource resource : resources) {
            if (!AclPermission.allows(resource.needed(), account.owned(resource.kind(), resource.name()))) {
                return "accessKey=" + account.accessKey() + " has no " + AclPermission.name(resource.needed())
                        + " permission on " + resource.describe();
            }
        }
        return null;
    }

    private void refused(String remark, String ip) {
        refusals.incrementAndGet();
        long now = clock.getAsLong();
        long last = lastLogMillis.get();
        if (now - last >= LOG_INTERVAL_MILLIS && lastLogMillis.compareAndSet(last, now)) {
            long more = unlogged.getAndSet(0);
            LOG.warn("ACL-REFUSED {} from {}{}", remark, ip,
                    more > 0 ? "; " + more + " more refusals not logged since the previous one" : "");
        } else {
            unlogged.incrementAndGet();
        }
    }

    static String hostOf(SocketAddress address) {
        if (address instanceof InetSocketAddress inet && inet.getAddress() != null) {
            return inet.getAddress().getHostAddress();
        }
        return address == null ? "" : address.toString();
    }
}
