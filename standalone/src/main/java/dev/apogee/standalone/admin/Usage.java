package dev.apogee.standalone.admin;

/** apogee-admin's {@code --help} text: every command and option. */
final class Usage {
    private Usage() {
    }

    static String text() {
        StringBuilder s = new StringBuilder();
        s.append("usage: apogee-admin <command> [options]\n");
        s.append("Apogee MQ administration for what mqadmin lacks (mqadmin works against Apogee MQ for the rest).\n\n");
        s.append("Commands:\n");
        for (Command c : Command.values()) {
            s.append(String.format("  %-14s %s%n", c.word, c.synopsis));
            s.append(String.format("  %-14s   %s%n", "", c.summary));
        }
        s.append("""

                Options:
                  -n, --namesrv ADDR       name server address(es), ';'-separated (default $NAMESRV_ADDR, else %s)
                  -a, --access-key KEY     ACL access key, for a broker with ACL on (default $APOGEE_ACCESS_KEY)
                  -s, --secret-key SECRET  ACL secret key (default $APOGEE_SECRET_KEY)
                  -q, --queue QUEUE        a JMS queue name; dlq-*: the dead letters of its group JMSQ_<queue>
                  -t, --topic TOPIC        a JMS topic (or queue) name; subscriptions: only those of this topic;
                                           dlq-resend: send there instead of the original topic
                  -g, --group GROUP        a consumer group, as mqadmin and the GROUP columns show it
                  -i, --id ID              dlq-resend: one dead letter, by message id or offset message id
                      --all                dlq-resend: every dead letter of the group
                  -m, --max N              dlq-list: at most N messages (default 100)
                  -b, --body-bytes N       dlq-list: body preview length (default 200)
                  -d, --dir DIR            store-check: the broker's storePathRootDir (the broker must be stopped)
                  -h, --help               this text

                Names are shown and taken as JMS names; the ROCKETMQ-TOPIC and GROUP columns give the encoded names
                native clients and mqadmin use (jms-provider/MAPPING.md, "Destination names").
                Exit codes: 0 done, 1 failed (store-check: errors found), 2 bad command line.
                """.formatted(ApogeeAdmin.DEFAULT_NAMESRV));
        return s.toString();
    }
}
