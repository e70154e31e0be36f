package dev.apogee.broker.console;

import dev.apogee.remoting.json.Json;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.Map;

/** Plain HTTP to a console, every call bounded by a timeout; answers parsed with our JSON reader. */
final class ConsoleHttp {
    private final HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private final String base;

    ConsoleHttp(int port) {
        this.base = "http://127.0.0.1:" + port + "/";
    }

    String base() {
        return base;
    }

    HttpResponse<String> get(String path, String user, String password) throws IOException, InterruptedException {
        return client.send(request(path, user, password).GET().build(), HttpResponse.BodyHandlers.ofString());
    }

    HttpResponse<String> post(String path, String user, String password, boolean actionHeader)
            throws IOException, InterruptedException {
        HttpRequest.Builder request = request(path, user, password).POST(HttpRequest.BodyPublishers.noBody());
        if (actionHeader) {
            request.header(ApiHandler.ACTION_HEADER, "test");
        }
        return client.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    /** GET of a JSON view that must answer 200. */
    Object json(String path) throws IOException, InterruptedException {
        return json(path, null, null);
    }

    Object json(String path, String user, String password) throws IOException, InterruptedException {
        HttpResponse<String> response = get(path, user, password);
        if (response.statusCode() != 200) {
            throw new AssertionError("GET " + path + " answered " + response.statusCode() + ": " + response.body());
        }
        return Json.parse(response.body());
    }

    private HttpRequest.Builder request(String path, String user, String password) {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(base + path)).timeout(Duration.ofSeconds(20));
        if (user != null) {
            request.header("Authorization", "Basic " + Base64.getEncoder().encodeToString(
                    (user + ":" + password).getBytes(StandardCharsets.UTF_8)));
        }
        return request;
    }

    /** Whether the console lists {@link ConsoleData#DLQ} with at least {@code messages} messages. */
    boolean dlqHolds(long messages, String user, String password) throws IOException, InterruptedException {
        for (Object dlq : list(json("api/dlq", user, password))) {
            if (map(dlq).get("topic").equals(ConsoleData.DLQ) && ((Long) map(dlq).get("messages")) >= messages) {
                return true;
            }
        }
        return false;
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> map(Object tree) {
        return (Map<String, Object>) tree;
    }

    @SuppressWarnings("unchecked")
    static List<Object> list(Object tree) {
        return (List<Object>) tree;
    }

    /** The element of a JSON array whose {@code field} equals {@code value}. */
    static Map<String, Object> find(Object array, String field, Object value) {
        for (Object element : list(array)) {
            if (value.equals(map(element).get(field))) {
                return map(element);
            }
        }
        throw new AssertionError("no element with " + field + "=" + value + " in " + array);
    }
}
