import type { SiteProfile } from '@fuliaotong/contracts';
import { POLICY_VERSION } from '@fuliaotong/contracts/constants';
import { Link } from 'react-router';
import { PolicyPage } from '../components/policy-page';
import { paths } from '../paths';
import { useSiteProfile } from '../root-data';
import { pageMeta } from '../site/pages';
import { siteInfo } from '../site/site-info';

export function meta() {
  return pageMeta(paths.agreement);
}

/** The sections, naming the operator as the staff set it on the settings desk. */
function sectionsFor(site: SiteProfile) {
  return [
    {
      id: 'accept',
      title: '协议的范围与接受',
      body: (
        <>
          <p>
            本协议是您与{site.company}（以下简称“我们”）之间关于使用
            {siteInfo.name}
            网站及微信小程序（以下合称“本平台”）的约定。您勾选“我已阅读并同意《用户协议》和《隐私政策》”并完成注册，即表示您已阅读、理解并同意本协议的全部内容。
          </p>
          <p>
            未注册的访客可以浏览本平台公开的信息，但不能申请样品、使用会员与付费数据库服务。我们如何处理您的个人信息，请见
            <Link to={paths.privacy}>《隐私政策》</Link>，它是本协议的组成部分。
          </p>
        </>
      ),
    },
    {
      id: 'account',
      title: '账号的注册与安全',
      body: (
        <ul>
          <li>您应使用本人的中国大陆手机号码注册，并通过短信验证码确认。一个手机号码只能注册一个账号。</li>
          <li>您应提供真实、准确的单位与联系信息，特别是在申请样品时；因信息不实导致样品无法送达或申请被驳回的，由您自行负责。</li>
          <li>
            请妥善保管您的密码和验证码，不要告诉他人；我们的工作人员不会向您索要密码或验证码。通过您的账号进行的操作视为您本人的操作。发现账号被他人使用时，请立即修改密码、在所有设备上退出登录并联系我们。
          </li>
          <li>账号仅限您本人使用，不得出借、转让或出售。</li>
        </ul>
      ),
    },
    {
      id: 'services',
      title: '我们提供的服务',
      body: (
        <>
          <h3>公开信息</h3>
          <p>
            本平台提供药用辅料产品目录、CDE
            原辅包登记信息、药典标准、辅料用量、法规政策与行业资讯。这些信息整理自公开来源和我们的产品资料，仅供研发选型参考，不构成注册申报、质量判定或采购决策的依据；请以药品监管部门发布的原文和产品的正式质量文件为准。
          </p>
          <h3>样品申请</h3>
          <ul>
            <li>样品供您所在单位的研发、评估和检验使用，不得转售、转赠，不得用于人体或动物，也不得用于生产上市产品。</li>
            <li>
              我们会审核每一份申请，可能联系您核实信息，并有权根据库存、用途和资质决定通过或驳回；每人可同时待审核的申请数量、每份申请的样品种类和数量设有上限，以页面提示为准。
            </li>
            <li>待审核的申请可以修改或撤回；审核通过后我们安排寄送，您可以在“我的申请”中查看进度和快递单号。</li>
          </ul>
          <h3>会员与付费数据库</h3>
          <ul>
            <li>部分数据库内容和功能仅对会员或购买了相应服务的用户开放。服务内容、价格和有效期以购买页面的说明为准。</li>
            <li>付款通过支付宝、微信支付等支付机构完成；您可以按页面说明申请开具发票。</li>
            <li>
              付费服务开通后即可使用；除法律另有规定或我们另有说明外，已开通的服务不支持退款。服务因我们的原因无法提供的，我们按未使用的期限退还相应费用。
            </li>
          </ul>
        </>
      ),
    },
    {
      id: 'conduct',
      title: '使用规范',
      body: (
        <>
          <p>使用本平台时，您不得：</p>
          <ul>
            <li>以爬虫、脚本等自动化方式大量抓取、下载或复制数据库内容，或将其用于商业转售；</li>
            <li>冒用他人的手机号码、单位或身份注册账号、申请样品；</li>
            <li>恶意获取验证码、干扰或破坏本平台的正常运行，或尝试未经授权访问他人账号与数据；</li>
            <li>发布或传播违反法律法规、侵害他人合法权益的内容。</li>
          </ul>
          <p>违反上述约定的，我们有权视情节驳回相关申请、限制或停止提供服务，并依法追究责任。</p>
        </>
      ),
    },
    {
      id: 'ip',
      title: '知识产权',
      body: (
        <p>
          本平台的页面设计、文字、图片、数据库的编排与整理成果归我们或相关权利人所有。政府部门公开发布的登记信息和法规文件，其权利归原发布机关。未经我们书面许可，您不得以转载、镜像等方式将本平台的内容用于商业目的。
        </p>
      ),
    },
    {
      id: 'liability',
      title: '责任限制',
      body: (
        <ul>
          <li>
            我们尽力保证信息的准确和服务的稳定，但因系统维护、网络故障、不可抗力或第三方（如短信服务商、快递公司、支付机构）的原因导致服务中断或延误的，我们将尽快恢复，并在法律允许的范围内不承担责任。
          </li>
          <li>样品仅供研发评估，您应自行评估其是否适合您的用途；因超出约定用途使用样品造成的后果，由您自行承担。</li>
        </ul>
      ),
    },
    {
      id: 'close',
      title: '账号注销',
      body: (
        <p>
          您可以随时在“个人中心 →
          登录与安全”中注销账号。有尚未完成的样品申请时需先处理完毕。注销后账号无法恢复，未到期的会员和付费服务随之终止；我们将按照《隐私政策》删除或匿名化您的个人信息，已完成的样品申请作为寄样记录在隐去个人信息后保留。
        </p>
      ),
    },
    {
      id: 'changes',
      title: '协议的变更与终止',
      body: (
        <p>
          我们可能根据法律法规或业务的变化修订本协议，修订后将在本页面公布；重大变更会通过网站公告或站内通知告知您。您在变更生效后继续使用本平台，即视为接受修订后的协议；如不同意，您可以停止使用并注销账号。
        </p>
      ),
    },
    {
      id: 'law',
      title: '法律适用与争议解决',
      body: (
        <p>
          本协议适用中华人民共和国大陆地区法律。因本协议产生的争议，双方应友好协商解决；协商不成的，任何一方均可向
          {site.company}住所地有管辖权的人民法院提起诉讼。
        </p>
      ),
    },
    {
      id: 'contact',
      title: '联系我们',
      body: (
        <ul>
          <li>运营者：{site.company}</li>
          <li>地址：{site.address}</li>
          <li>
            客服热线：{site.phone}（{site.serviceHours}）
          </li>
          <li>客服邮箱：{site.email}</li>
        </ul>
      ),
    },
  ];
}

export default function AgreementPage() {
  const site = useSiteProfile();
  return (
    <PolicyPage
      title="用户协议"
      version={POLICY_VERSION}
      intro={
        <p>
          欢迎使用{siteInfo.name}
          。请您在注册前仔细阅读本协议，特别是样品的使用限制、付费服务和责任限制条款。如您对本协议有任何疑问，可以通过文末的方式联系我们。
        </p>
      }
      sections={sectionsFor(site)}
    />
  );
}
