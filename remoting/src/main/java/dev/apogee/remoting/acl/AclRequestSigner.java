package dev.apogee.remoting.acl;

import dev.apogee.remoting.netty.RequestSigner;
import dev.apogee.remoting.protocol.RemotingCommand;

/**
 * Signs requests with an access key / secret key pair exactly as the official {@code AclClientRPCHook} does, so a
 * broker with ACL (ours or the official one) accepts our client. Install with
 * {@link dev.apogee.remoting.netty.NettyRemotingClient#setRequestSigner}. Immutable.
 */
public final class AclRequestSigner implements RequestSigner {
    private final String accessKey;
    private final String secretKey;
    private final String securityToken;

    public AclRequestSigner(String accessKey, String secretKey) {
        this(accessKey, secretKey, null);
    }

    public AclRequestSigner(String accessKey, String secretKey, String securityToken) {
        if (accessKey == null || accessKey.isEmpty() || secretKey == null || secretKey.isEmpty()) {
            throw new IllegalArgumentException("ACL access key and secret key must both be set");
        }
        this.accessKey = accessKey;
        this.secretKey = secretKey;
        this.securityToken = securityToken;
    }

    @Override
    public void sign(RemotingCommand request) {
        request.putExtField(AclSignature.ACCESS_KEY, accessKey);
        if (securityToken != null) {
            request.putExtField(AclSignature.SECURITY_TOKEN, securityToken);
        }
        // The client's own request: nothing is skipped, as in AclClientRPCHook.
        request.putExtField(AclSignature.SIGNATURE,
                AclSignature.compute(request.extFields(), request.body(), secretKey, null));
    }

    public String accessKey() {
        return accessKey;
    }

    @Override
    public String toString() {
        return "AclRequestSigner[accessKey=" + accessKey + "]";
    }
}
