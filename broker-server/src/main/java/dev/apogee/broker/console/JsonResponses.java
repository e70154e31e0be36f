package dev.apogee.broker.console;

import dev.apogee.remoting.json.Json;
import dev.apogee.remoting.json.JsonWriter;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;

import java.nio.ByteBuffer;
import java.util.Map;

/** Writes JSON answers: a tree of maps, lists, strings, numbers (longs past 2^53 as strings, for JavaScript). */
final class JsonResponses {
    private JsonResponses() {
    }

    static void ok(Response response, Callback callback, Object tree) {
        write(response, callback, 200, tree);
    }

    static void error(Response response, Callback callback, int status, String message) {
        write(response, callback, status, Map.of("error", message == null ? "" : message));
    }

    private static void write(Response response, Callback callback, int status, Object tree) {
        JsonWriter writer = new JsonWriter(4096).setBrowserCompatible(true);
        Json.write(writer, tree);
        response.setStatus(status);
        response.getHeaders().put(HttpHeader.CONTENT_TYPE, "application/json; charset=utf-8");
        response.getHeaders().put(HttpHeader.CACHE_CONTROL, "no-store");
        response.write(true, ByteBuffer.wrap(writer.toUtf8Bytes()), callback);
    }
}
