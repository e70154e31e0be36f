package dev.apogee.remoting.json;

import static org.junit.jupiter.api.Assertions.fail;

import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Bounded random and mutated inputs: the parser may only ever fail with JsonException. */
class JsonFuzzTest {
    private static final String[] SEEDS = {
        "{\"code\":310,\"extFields\":{\"a\":\"pg1\",\"b\":\"TopicTest\",\"i\":\"K\\u0001v\\u0002\"},\"flag\":0,"
            + "\"language\":\"JAVA\",\"opaque\":5,\"serializeTypeCurrentRPC\":\"JSON\",\"version\":479}",
        "{\"brokerAddrTable\":{\"broker-a\":{\"brokerAddrs\":{0:\"127.0.0.1:10911\"},\"brokerName\":\"broker-a\"}}}",
        "{\"offsetTable\":{{\"brokerName\":\"b\",\"queueId\":3,\"topic\":\"T\"}:{\"maxOffset\":5}},\"tps\":0.0}",
        "[1,-2.5e3,true,false,null,\"é😀\",'s',[],{}]",
    };
    private static final byte[] ALPHABET = "{}[]:,\"'\\ 0123456789-+.eEtrufalsn\u0001\n".getBytes(StandardCharsets.ISO_8859_1);

    /** Typically well under a second; the timeout only catches a hang, not a slow shared CI machine. */
    @Test
    @Timeout(60)
    void onlyJsonExceptionEscapes() {
        SplittableRandom random = new SplittableRandom(20261130L);
        JsonReader reader = new JsonReader(new byte[0]);
        for (int i = 0; i < 20_000; i++) {
            byte[] input = i % 4 == 0 ? randomBytes(random) : mutate(random, SEEDS[random.nextInt(SEEDS.length)]);
            try {
                Json.parse(input);
            } catch (JsonException expected) {
                // the only failure allowed
            } catch (RuntimeException | StackOverflowError e) {
                fail("input " + new String(input, StandardCharsets.ISO_8859_1), e);
            }
            try {
                reader.reset(input, 0, input.length);
                reader.skipValue();
                reader.peek();
            } catch (JsonException expected) {
                // the only failure allowed
            } catch (RuntimeException | StackOverflowError e) {
                fail("skip " + new String(input, StandardCharsets.ISO_8859_1), e);
            }
        }
    }

    private static byte[] randomBytes(SplittableRandom random) {
        byte[] bytes = new byte[random.nextInt(64)];
        for (int i = 0; i < bytes.length; i++) {
            bytes[i] = random.nextBoolean() ? ALPHABET[random.nextInt(ALPHABET.length)] : (byte) random.nextInt(256);
        }
        return bytes;
    }

    private static byte[] mutate(SplittableRandom random, String seed) {
        byte[] bytes = seed.getBytes(StandardCharsets.UTF_8);
        int mutations = 1 + random.nextInt(4);
        for (int m = 0; m < mutations; m++) {
            int at = random.nextInt(bytes.length);
            switch (random.nextInt(3)) {
                case 0:
                    bytes[at] = ALPHABET[random.nextInt(ALPHABET.length)];
                    break;
                case 1:
                    bytes = java.util.Arrays.copyOf(bytes, at + 1); // truncate
                    break;
                default:
                    bytes[at] = (byte) random.nextInt(256);
                    break;
            }
        }
        return bytes;
    }
}
