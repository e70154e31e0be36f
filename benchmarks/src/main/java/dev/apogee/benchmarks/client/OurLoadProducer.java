package dev.apogee.benchmarks.client;

import dev.apogee.client.ClientConfig;
import dev.apogee.client.MQClientException;
import dev.apogee.client.message.Message;
import dev.apogee.client.producer.Producer;
import dev.apogee.client.producer.ProducerConfig;
import dev.apogee.client.producer.SendStatus;

/** Our {@link Producer} with its defaults (3 s timeout, 2 retries, compression above 4 KiB, like the official one). */
final class OurLoadProducer implements LoadProducer {
    private final Producer producer;
    private final String topic;
    private final byte[] body;

    private OurLoadProducer(Producer producer, String topic, byte[] body) {
        this.producer = producer;
        this.topic = topic;
        this.body = body;
    }

    static OurLoadProducer start(String namesrvAddress, String topic, byte[] body) throws MQClientException {
        Producer producer = new Producer(new ProducerConfig("bench_ours_pg").setClientConfig(new ClientConfig()
                .setNamesrvAddress(namesrvAddress).setInstanceName("bench_ours")));
        producer.start();
        return new OurLoadProducer(producer, topic, body);
    }

    @Override
    public String name() {
        return "ours";
    }

    @Override
    public boolean sendSync() throws Exception {
        return producer.send(new Message(topic, body)).status() == SendStatus.SEND_OK;
    }

    @Override
    public void sendAsync(Completion completion) {
        producer.sendAsync(new Message(topic, body)).whenComplete((result, error) -> {
            if (error == null) {
                completion.succeeded();
            } else {
                completion.failed(error);
            }
        });
    }

    @Override
    public void close() {
        producer.shutdown();
    }
}
