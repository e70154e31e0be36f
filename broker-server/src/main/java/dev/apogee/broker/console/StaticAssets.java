package dev.apogee.broker.console;

import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.util.Map;
import java.util.Properties;

/**
 * The page and its scripts, read once from the class path: {@code console/} of this jar, and Chart.js from its
 * webjar (found through the webjar's {@code pom.properties}, so a version bump in the POM needs no code change).
 * Only these fixed paths are served; the Content-Security-Policy allows scripts from this origin only, so nothing in
 * a message body shown by the page can run.
 */
final class StaticAssets extends Handler.Abstract {
    private static final String CSP = "default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:";
    private static final String CHART_JS_POM = "META-INF/maven/org.webjars.npm/chart.js/pom.properties";

    private record Asset(byte[] bytes, String contentType) {
    }

    private final Map<String, Asset> assets;

    StaticAssets() {
        Asset index = load("console/index.html", "text/html; charset=utf-8");
        assets = Map.of("/", index, "/index.html", index,
                "/app.js", load("console/app.js", "text/javascript; charset=utf-8"),
                "/console.css", load("console/console.css", "text/css; charset=utf-8"),
                "/vendor/chart.umd.js", load(chartJsPath(), "text/javascript; charset=utf-8"));
    }

    @Override
    public boolean handle(Request request, Response response, Callback callback) {
        Asset asset = assets.get(request.getHttpURI().getPath());
        if (asset == null || !(request.getMethod().equals("GET") || request.getMethod().equals("HEAD"))) {
            return false;
        }
        response.setStatus(200);
        response.getHeaders().put(HttpHeader.CONTENT_TYPE, asset.contentType());
        response.getHeaders().put("Content-Security-Policy", CSP);
        response.getHeaders().put("X-Content-Type-Options", "nosniff");
        response.getHeaders().put(HttpHeader.CACHE_CONTROL, "no-cache");
        response.write(true, request.getMethod().equals("HEAD") ? ByteBuffer.allocate(0)
                : ByteBuffer.wrap(asset.bytes()), callback);
        return true;
    }

    private static String chartJsPath() {
        Properties pom = new Properties();
        try (InputStream in = resource(CHART_JS_POM)) {
            pom.load(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return "META-INF/resources/webjars/chart.js/" + pom.getProperty("version") + "/dist/chart.umd.js";
    }

    private static Asset load(String path, String contentType) {
        try (InputStream in = resource(path)) {
            return new Asset(in.readAllBytes(), contentType);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the console's " + path, e);
        }
    }

    private static InputStream resource(String path) throws IOException {
        InputStream in = StaticAssets.class.getClassLoader().getResourceAsStream(path);
        if (in == null) {
            throw new IOException("class-path resource " + path + " is missing (broker jar incomplete?)");
        }
        return in;
    }
}
