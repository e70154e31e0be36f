package dev.apogee.broker.console;

import dev.apogee.broker.acl.AclConsoleAccess;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;

import java.nio.charset.StandardCharsets;
import java.util.Base64;

/**
 * With ACL on: every request must carry HTTP Basic credentials (user = accessKey, password = secretKey of
 * {@code plain_acl.yml}) of an admin account, from an address the account is allowed from. Missing or wrong
 * credentials: 401 with a Basic challenge, so a browser asks for them; a valid account without the admin right: 403.
 * The access key of an accepted request is kept as the request attribute {@value #ACCESS_KEY} (a re-send checks its
 * PUB right). Stateless: the rules are the ACL's current ones.
 */
final class ConsoleAuthHandler extends Handler.Wrapper {
    static final String ACCESS_KEY = "apogee.console.accessKey";
    private static final String CHALLENGE = "Basic realm=\"Apogee MQ console\", charset=\"UTF-8\"";

    private final AclConsoleAccess acl;

    ConsoleAuthHandler(AclConsoleAccess acl, Handler next) {
        super(next);
        this.acl = acl;
    }

    @Override
    public boolean handle(Request request, Response response, Callback callback) throws Exception {
        String[] credentials = basicCredentials(request.getHeaders().get(HttpHeader.AUTHORIZATION));
        AclConsoleAccess.Verdict verdict = credentials == null ? AclConsoleAccess.Verdict.REFUSED
                : acl.verify(credentials[0], credentials[1], Request.getRemoteAddr(request));
        switch (verdict) {
            case ADMIN -> {
                request.setAttribute(ACCESS_KEY, credentials[0]);
                return super.handle(request, response, callback);
            }
            case NOT_ADMIN -> {
                JsonResponses.error(response, callback, 403,
                        "accessKey " + credentials[0] + " has no admin right: the console needs an admin account");
                return true;
            }
            default -> {
                response.getHeaders().put(HttpHeader.WWW_AUTHENTICATE, CHALLENGE);
                JsonResponses.error(response, callback, 401,
                        "ACL is on: sign in with the accessKey and secretKey of an admin account of plain_acl.yml");
                return true;
            }
        }
    }

    /** {@code [user, password]} of an {@code Authorization: Basic …} value, or null when absent or malformed. */
    static String[] basicCredentials(String authorization) {
        if (authorization == null || !authorization.regionMatches(true, 0, "Basic ", 0, 6)) {
            return null;
        }
        String decoded;
        try {
            decoded = new String(Base64.getDecoder().decode(authorization.substring(6).trim()),
                    StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            return null;
        }
        int colon = decoded.indexOf(':');
        return colon <= 0 ? null : new String[] {decoded.substring(0, colon), decoded.substring(colon + 1)};
    }
}
