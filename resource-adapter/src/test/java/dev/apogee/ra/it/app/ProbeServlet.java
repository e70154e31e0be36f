package dev.apogee.ra.it.app;

import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import java.io.IOException;
import java.util.TreeSet;

/**
 * GET /probe?what=clients: the provider client instances alive in the server (from their thread names
 * {@code apogee-client-N-…}); what=threads: the names of the provider threads; what=property&amp;name=…: a counter.
 */
@WebServlet("/probe")
public class ProbeServlet extends HttpServlet {
    @Override
    protected void doGet(HttpServletRequest req, HttpServletResponse resp) throws IOException {
        String what = String.valueOf(req.getParameter("what"));
        TreeSet<String> clients = new TreeSet<>();
        TreeSet<String> threads = new TreeSet<>();
        for (Thread t : Thread.getAllStackTraces().keySet()) {
            String name = t.getName();
            if (name.startsWith("apogee-")) {
                threads.add(name + "#" + t.getId());
            }
            if (name.startsWith("apogee-client-")) {
                String rest = name.substring("apogee-client-".length());
                int dash = rest.indexOf('-');
                clients.add(dash < 0 ? rest : rest.substring(0, dash));
            }
        }
        String out = switch (what) {
            case "clients" -> String.join(",", clients);
            case "threads" -> String.join(",", threads);
            case "property" -> System.getProperty(req.getParameter("name"), "0");
            default -> "unknown";
        };
        resp.getWriter().print(out);
    }
}
