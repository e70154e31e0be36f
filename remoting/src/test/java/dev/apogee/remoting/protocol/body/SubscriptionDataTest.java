package dev.apogee.remoting.protocol.body;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.alibaba.fastjson.JSON;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.api.Test;

/** TAG expression parsing, table-driven, and SubscriptionData's wire shape against the official class. */
class SubscriptionDataTest {

    static List<Arguments> expressions() {
        return List.of(
            Arguments.of(null, "*", List.of()),
            Arguments.of("", "*", List.of()),
            Arguments.of("*", "*", List.of()),
            Arguments.of("TagA", "TagA", List.of("TagA")),
            Arguments.of("TagA || TagB", "TagA || TagB", List.of("TagA", "TagB")),
            Arguments.of(" TagA||TagB ||  ", " TagA||TagB ||  ", List.of("TagA", "TagB")),
            Arguments.of("||TagA||||TagA", "||TagA||||TagA", List.of("TagA")),
            Arguments.of("A|||B", "A|||B", List.of("A", "|B")),
            Arguments.of("  ", "  ", List.of()));
    }

    @ParameterizedTest
    @MethodSource("expressions")
    void tagExpressions(String expression, String subString, List<String> tags) {
        SubscriptionData data = SubscriptionData.buildSubscriptionData("T", expression, 7L);
        assertEquals(subString, data.getSubString());
        assertEquals(tags, List.copyOf(data.getTagsSet()));
        assertEquals(tags.stream().map(String::hashCode).collect(Collectors.toList()), List.copyOf(data.getCodeSet()));
        assertEquals(ExpressionType.TAG, data.getExpressionType());
        assertEquals(7L, data.getSubVersion());
        assertEquals("T", data.getTopic());
    }

    @Test
    void tagHashCodesAreJavaStringHashCodes() {
        SubscriptionData data = SubscriptionData.buildSubscriptionData("T", "TagA || TagB", 1L);
        assertEquals(Set.of(2598919, 2598920), data.getCodeSet());
    }

    @Test
    void sqlExpressionsAreNotSplit() {
        SubscriptionData data = SubscriptionData.buildSubscriptionData("T", "a || b", ExpressionType.SQL92, 1L);
        assertEquals(Set.of(), data.getTagsSet());
        assertEquals("a || b", data.getSubString());
        assertEquals(ExpressionType.SQL92, data.getExpressionType());
    }

    @Test
    void bothWaysWithOfficialClass() {
        var official = new org.apache.rocketmq.remoting.protocol.heartbeat.SubscriptionData("T", "TagA");
        official.setTagsSet(new LinkedHashSet<>(List.of("TagA")));
        official.setCodeSet(new LinkedHashSet<>(List.of("TagA".hashCode())));
        official.setFilterClassSource("never serialised");
        SubscriptionData ours = SubscriptionData.decode(JSON.toJSONBytes(official));
        assertEquals(JSON.toJSONString(official), ours.toJson());
        assertEquals(official, JSON.parseObject(ours.toJson(),
            org.apache.rocketmq.remoting.protocol.heartbeat.SubscriptionData.class));
    }
}
