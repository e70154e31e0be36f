package dev.apogee.broker.console;

import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;
import org.eclipse.jetty.util.Fields;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Answers {@code /api/*} with JSON from {@link ApiRoutes}: GET for views, POST for actions. A POST must carry the
 * header {@value #ACTION_HEADER} (the page's script sets it): a cross-site form cannot, so a browser holding the
 * console's Basic credentials cannot be made to re-send by another site. Refusals are JSON {@code {"error": …}} with
 * 400/404/403/405; an unexpected failure is a 500 logged once with its stack trace.
 */
final class ApiHandler extends Handler.Abstract {
    private static final Logger LOG = LoggerFactory.getLogger(ApiHandler.class);
    static final String PREFIX = "/api/";
    static final String ACTION_HEADER = "X-Apogee-Console";

    private final ApiRoutes routes;

    ApiHandler(ApiRoutes routes) {
        this.routes = routes;
    }

    @Override
    public boolean handle(Request request, Response response, Callback callback) {
        String path = request.getHttpURI().getPath();
        if (path == null || !path.startsWith(PREFIX)) {
            return false;
        }
        String name = path.substring(PREFIX.length());
        Fields params;
        try {
            params = Request.extractQueryParameters(request);
        } catch (RuntimeException e) { // Jetty's BadMessageException: a malformed query string
            JsonResponses.error(response, callback, 400, "malformed query string: " + e.getMessage());
            return true;
        }
        try {
            Object answer = switch (request.getMethod()) {
                case "GET" -> routes.view(name, params);
                case "POST" -> {
                    if (request.getHeaders().get(ACTION_HEADER) == null) {
                        throw new ConsoleRequestException(403, "actions need the header " + ACTION_HEADER);
                    }
                    yield routes.action(name, params, (String) request.getAttribute(ConsoleAuthHandler.ACCESS_KEY));
                }
                default -> throw new ConsoleRequestException(405, "method " + request.getMethod() + " not allowed");
            };
            if (answer == null) {
                throw ConsoleRequestException.notFound("no such console API: " + path);
            }
            JsonResponses.ok(response, callback, answer);
        } catch (ConsoleRequestException e) {
            if (e.status() == 405) {
                response.getHeaders().put(HttpHeader.ALLOW, "GET, POST");
            }
            JsonResponses.error(response, callback, e.status(), e.getMessage());
        } catch (RuntimeException e) {
            LOG.error("CONSOLE-API-FAILED {} {}", request.getMethod(), path, e);
            JsonResponses.error(response, callback, 500, e.toString());
        }
        return true;
    }
}
