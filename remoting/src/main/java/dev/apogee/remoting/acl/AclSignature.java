package dev.apogee.remoting.acl;

import dev.apogee.remoting.protocol.RemotingCommand;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.util.Base64;
import java.util.Map;
import java.util.TreeMap;

/**
 * The RocketMQ ACL signature of a request, as the official {@code AclClientRPCHook} computes it (checked against the
 * 5.3.3 classes in {@code AclSignatureCompatibilityTest}):
 * <ol>
 *   <li>content = the values of all extFields except {@value #SIGNATURE}, concatenated in ascending key order
 *       ({@code TreeMap}, i.e. {@code String.compareTo}), as UTF-8, followed by the raw body bytes;</li>
 *   <li>signature = Base64(HmacSHA1(key = secret key as UTF-8, content)).</li>
 * </ol>
 * The signer puts {@value #ACCESS_KEY} (and {@value #SECURITY_TOKEN} when there is one) into the extFields
 * <em>before</em> computing, so they are signed too. Like the official servers, the verifier leaves out
 * {@value #UNIQUE_KEY_QUERY} for clients of version 4.9.3 and older, which added it after signing.
 */
public final class AclSignature {
    public static final String ACCESS_KEY = "AccessKey";
    public static final String SECURITY_TOKEN = "SecurityToken";
    public static final String SIGNATURE = "Signature";
    static final String UNIQUE_KEY_QUERY = "_UNIQUE_KEY_QUERY";
    /** {@code MQVersion.Version.V4_9_3.ordinal()}. */
    static final int V4_9_3 = 400;
    private static final String ALGORITHM = "HmacSHA1";

    private AclSignature() {
    }

    /** The signature the client computed over {@code request} as it arrived (header fields and body). */
    public static String compute(RemotingCommand request, String secretKey) {
        boolean legacy = request.version() <= V4_9_3;
        return compute(request.extFields(), request.body(), secretKey, legacy ? UNIQUE_KEY_QUERY : null);
    }

    /**
     * Base64(HmacSHA1(secretKey, sorted extField values except {@value #SIGNATURE} and {@code skippedKey}, + body)).
     * A {@code null} value (an empty string on a ROCKETMQ-encoded header) counts as empty.
     */
    public static String compute(Map<String, String> extFields, byte[] body, String secretKey, String skippedKey) {
        StringBuilder content = new StringBuilder(256);
        if (extFields != null) {
            for (Map.Entry<String, String> field : new TreeMap<>(extFields).entrySet()) {
                String key = field.getKey();
                if (!SIGNATURE.equals(key) && !key.equals(skippedKey) && field.getValue() != null) {
                    content.append(field.getValue());
                }
            }
        }
        Mac mac = mac(secretKey);
        mac.update(content.toString().getBytes(StandardCharsets.UTF_8));
        if (body != null) {
            mac.update(body);
        }
        return Base64.getEncoder().encodeToString(mac.doFinal());
    }

    /** Constant-time comparison, so response timing does not reveal how much of a forged signature was right. */
    public static boolean matches(String expected, String presented) {
        if (expected == null || presented == null) {
            return false;
        }
        return MessageDigest.isEqual(expected.getBytes(StandardCharsets.UTF_8),
                presented.getBytes(StandardCharsets.UTF_8));
    }

    private static Mac mac(String secretKey) {
        if (secretKey == null || secretKey.isEmpty()) {
            throw new IllegalArgumentException("an ACL secret key must not be empty");
        }
        try {
            Mac mac = Mac.getInstance(ALGORITHM);
            mac.init(new SecretKeySpec(secretKey.getBytes(StandardCharsets.UTF_8), ALGORITHM));
            return mac;
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(ALGORITHM + " is not available in this JVM", e);
        }
    }
}
