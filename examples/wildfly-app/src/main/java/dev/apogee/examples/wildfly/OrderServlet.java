package dev.apogee.examples.wildfly;

import jakarta.ejb.EJB;
import jakarta.jms.JMSException;
import jakarta.servlet.ServletException;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import java.io.IOException;

/** {@code GET /apogee-example/orders?item=book} places an order; without {@code item} it lists the processed ones. */
@WebServlet("/orders")
public class OrderServlet extends HttpServlet {
    @EJB
    private OrderService orders;

    @EJB
    private ProcessedOrders processed;

    @Override
    protected void doGet(HttpServletRequest req, HttpServletResponse resp) throws IOException, ServletException {
        resp.setContentType("text/plain");
        String item = req.getParameter("item");
        if (item == null) {
            resp.getWriter().println("processed: " + processed.items());
            return;
        }
        try {
            orders.placeOrder(item);
        } catch (JMSException e) {
            throw new ServletException("could not place the order", e);
        }
        resp.getWriter().println("placed: " + item);
    }
}
