package dev.apogee.ra.it.app;

import jakarta.annotation.Resource;
import jakarta.ejb.SessionContext;
import jakarta.ejb.Stateless;
import jakarta.jms.ConnectionFactory;

/** Sends inside a container-managed transaction (REQUIRED, the default). */
@Stateless
public class SenderBean {
    @Resource(lookup = AppBeans.CF)
    private ConnectionFactory cf;

    @Resource(lookup = AppBeans.CF2)
    private ConnectionFactory cf2;

    @Resource
    private SessionContext ctx;

    public void send(String queue, String text) {
        AppBeans.send(cf, queue, text);
    }

    /**
     * Sends "cf1:text" and "cf2:text" through two connection definitions in one transaction: two XA branches. (As
     * LocalTransaction resources the second enlistment fails: WildFly allows one last resource per transaction.)
     */
    public void sendThroughBoth(String queue, String text, boolean rollback) {
        AppBeans.send(cf, queue, "cf1:" + text);
        AppBeans.send(cf2, queue, "cf2:" + text);
        if (rollback) {
            ctx.setRollbackOnly();
        }
    }

    /** Sends, then marks the transaction for rollback: nothing may reach the queue. */
    public void sendThenRollback(String queue, String text) {
        AppBeans.send(cf, queue, text);
        ctx.setRollbackOnly();
    }
}
