package dev.apogee.ra.it.app;

import jakarta.annotation.Resource;
import jakarta.ejb.EJB;
import jakarta.jms.ConnectionFactory;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import java.io.IOException;

/**
 * GET /send?queue=q&text=t&mode=plain|tx|rollback|both|both-rollback: sends through the injected connection factory
 * (both: through two connection definitions in one EJB transaction).
 */
@WebServlet("/send")
public class SendServlet extends HttpServlet {
    @Resource(lookup = AppBeans.CF)
    private ConnectionFactory cf;

    @EJB
    private SenderBean sender;

    @Override
    protected void doGet(HttpServletRequest req, HttpServletResponse resp) throws IOException {
        String queue = req.getParameter("queue");
        String text = req.getParameter("text");
        switch (String.valueOf(req.getParameter("mode"))) {
            case "tx" -> sender.send(queue, text);
            case "rollback" -> sender.sendThenRollback(queue, text);
            case "both" -> sender.sendThroughBoth(queue, text, false);
            case "both-rollback" -> sender.sendThroughBoth(queue, text, true);
            default -> AppBeans.send(cf, queue, text);
        }
        resp.getWriter().print("sent");
    }
}
