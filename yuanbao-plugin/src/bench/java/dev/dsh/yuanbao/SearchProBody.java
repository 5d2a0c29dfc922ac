package dev.dsh.yuanbao;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import tools.jackson.databind.json.JsonMapper;

/**
 * The benchmark body: a 50-page SearchPro answer in the shape of fixture 03 (every page a JSON
 * string with title, date, url, passage, content, site, score, images, favicon), generated from a
 * fixed seed. About a third of the titles and of the passages carry {@code <em>} highlights or
 * entities, as real answers do.
 *
 * <p>The committed {@code src/bench/searchpro-50.json} is this generator's output; both modules'
 * benchmarks read that file, so they time the same bytes. {@code main(path)} writes it again.
 */
public final class SearchProBody {

  static final long SEED = 20250508L;
  static final int PAGES = 50;

  private static final String HAN =
      "国家网信办公布新一批生成式人工智能服务备案信息累计数量继续增加通报显示新增覆盖智能客服办公助手代码"
          + "场景多地部门受理情况强调通过调用已模型的应用需在上线前完成登记并显著位置公示标识办法正式施行要求"
          + "提供者对文本图片音频视频添加显式或隐式专家解读大安全评估要点材料中报告语料来源合法性拒答测试规则";
  private static final String[] SITES = {
    "新华网", "人民网", "澎湃新闻", "第一财经", "中国新闻网", "36氪", "界面新闻", "财新网", ""
  };
  private static final String[] HOSTS = {
    "www.news.cn", "it.people.com.cn", "www.thepaper.cn", "www.yicai.com", "www.chinanews.com.cn",
    "36kr.com", "www.jiemian.com", "www.caixin.com", "tech.example.org"
  };
  private static final String[] HIGHLIGHTS = {"生成式人工智能", "备案", "大模型", "AI"};

  private SearchProBody() {}

  /** The body's bytes, UTF-8, as the service sends them. */
  static byte[] generate() {
    Random random = new Random(SEED);
    JsonMapper json = JsonMapper.builder().build();
    List<String> pages = new ArrayList<>();
    for (int i = 0; i < PAGES; i++) {
      Map<String, Object> page = new LinkedHashMap<>();
      int site = random.nextInt(SITES.length);
      page.put("title", marked(i, han(random, 14 + random.nextInt(12)), random, true));
      page.put(
          "date",
          String.format(
              "2025-%02d-%02d %02d:%02d:%02d",
              1 + random.nextInt(12),
              1 + random.nextInt(28),
              random.nextInt(24),
              random.nextInt(60),
              random.nextInt(60)));
      page.put("url", "https://" + HOSTS[site] + "/news/2025/" + (30000000 + random.nextInt(999999)) + ".html");
      String passage = han(random, 50 + random.nextInt(30)) + "。";
      page.put("passage", marked(i, passage, random, false));
      page.put("content", passage + han(random, 40 + random.nextInt(30)) + "（第" + (i + 1) + "条检索结果，为测试虚构内容。）");
      page.put("site", SITES[site]);
      page.put("score", Math.round((0.95 - i * 0.01) * 10000) / 10000.0);
      page.put(
          "images",
          i % 3 == 2 ? List.of("https://img.example-cdn.cn/wsa-bench/" + i + ".jpg") : List.of());
      page.put("favicon", "https://" + HOSTS[site] + "/favicon.ico");
      pages.add(json.writeValueAsString(page));
    }
    Map<String, Object> response = new LinkedHashMap<>();
    response.put("Query", "生成式人工智能服务管理 备案 最新进展");
    response.put("Pages", pages);
    response.put("RequestId", "6c0e6a4b-bench-4f1d-9d2e-000000000050");
    response.put("Version", "premium");
    return json.writeValueAsBytes(Map.of("Response", response));
  }

  /**
   * The second body: 50 pages with long plain passages (about 600 characters, no markup or
   * entity), the shape of an answer whose passages need no HTML parser; 103,604 bytes (Han
   * characters, three bytes each in UTF-8).
   */
  static byte[] plainLong() {
    Random random = new Random(SEED + 1);
    JsonMapper json = JsonMapper.builder().build();
    List<String> pages = new ArrayList<>();
    for (int i = 0; i < PAGES; i++) {
      Map<String, Object> page = new LinkedHashMap<>();
      int site = random.nextInt(SITES.length);
      page.put("title", han(random, 14 + random.nextInt(12)));
      page.put("date", String.format("2025-%02d-%02d 10:%02d:00", 1 + random.nextInt(12), 1 + random.nextInt(28), random.nextInt(60)));
      page.put("url", "https://" + HOSTS[site] + "/news/2025/" + (30000000 + random.nextInt(999999)) + ".html");
      StringBuilder passage = new StringBuilder();
      while (passage.length() < 600) {
        passage.append(han(random, 20 + random.nextInt(20))).append("，");
      }
      page.put("passage", passage.append("。").toString());
      page.put("site", SITES[site]);
      page.put("score", Math.round((0.95 - i * 0.01) * 10000) / 10000.0);
      pages.add(json.writeValueAsString(page));
    }
    return json.writeValueAsBytes(Map.of("Response", Map.of("Pages", pages, "RequestId", "plain-long")));
  }

  /** Every third page is marked up: an {@code <em>} highlight, an entity, or both. */
  private static String marked(int index, String text, Random random, boolean title) {
    if (index % 3 != 0) {
      return text;
    }
    String word = HIGHLIGHTS[random.nextInt(HIGHLIGHTS.length)];
    int at = random.nextInt(text.length() / 2);
    String em = text.substring(0, at) + "<em>" + word + "</em>" + text.substring(at);
    return switch ((index / 3 + (title ? 0 : 1)) % 3) {
      case 0 -> em;
      case 1 -> "&quot;" + text.substring(0, at) + "&quot;" + text.substring(at) + " R&amp;D";
      default -> em + " &#39;" + word + "&#39;";
    };
  }

  private static String han(Random random, int length) {
    StringBuilder out = new StringBuilder(length);
    for (int i = 0; i < length; i++) {
      out.append(HAN.charAt(random.nextInt(HAN.length())));
    }
    return out.toString();
  }

  /** Reads the committed body from {@code path}. */
  static byte[] read(String path) {
    try {
      return Files.readAllBytes(Path.of(path));
    } catch (IOException e) {
      throw new IllegalStateException("benchmark body not readable: " + path, e);
    }
  }

  /** Writes the body to {@code args[0]}. */
  public static void main(String[] args) throws IOException {
    Files.write(Path.of(args[0]), generate());
  }
}
