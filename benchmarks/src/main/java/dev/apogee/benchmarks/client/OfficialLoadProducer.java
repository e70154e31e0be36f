package dev.apogee.benchmarks.client;

import org.apache.rocketmq.client.exception.MQClientException;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.client.producer.SendCallback;
import org.apache.rocketmq.client.producer.SendResult;
import org.apache.rocketmq.client.producer.SendStatus;
import org.apache.rocketmq.common.message.Message;

/** The official {@link DefaultMQProducer} 5.3.3 with its defaults, as an application would use it. */
final class OfficialLoadProducer implements LoadProducer {
    private final DefaultMQProducer producer;
    private final String topic;
    private final byte[] body;

    private OfficialLoadProducer(DefaultMQProducer producer, String topic, byte[] body) {
        this.producer = producer;
        this.topic = topic;
        this.body = body;
    }

    static OfficialLoadProducer start(String namesrvAddress, String topic, byte[] body) throws MQClientException {
        DefaultMQProducer producer = new DefaultMQProducer("bench_official_pg");
        producer.setNamesrvAddr(namesrvAddress);
        producer.setInstanceName("bench_official");
        producer.start();
        return new OfficialLoadProducer(producer, topic, body);
    }

    @Override
    public String name() {
        return "official";
    }

    @Override
    public boolean sendSync() throws Exception {
        return producer.send(new Message(topic, body)).getSendStatus() == SendStatus.SEND_OK;
    }

    @Override
    public void sendAsync(Completion completion) {
        try {
            producer.send(new Message(topic, body), new SendCallback() {
                @Override
                public void onSuccess(SendResult result) {
                    completion.succeeded();
                }

                @Override
                public void onException(Throwable error) {
                    completion.failed(error);
                }
            });
        } catch (Exception e) {
            // the official client throws here (instead of calling back) for errors found before sending
            completion.failed(e);
        }
    }

    @Override
    public void close() {
        producer.shutdown();
    }
}
